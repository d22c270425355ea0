/** Logo is Crebit's mark and wordmark, drawn inline (no image request). */
export function Logo({ className }: { className?: string }) {
  return (
    <span className={className ? `inline-flex items-center gap-2 ${className}` : 'inline-flex items-center gap-2'}>
      <svg aria-hidden="true" viewBox="0 0 32 32" width="30" height="30">
        <rect width="32" height="32" rx="8" fill="#facc15" />
        <path d="M21.5 11.2A7 7 0 1 0 21.5 20.8" fill="none" stroke="#0b1f3a" strokeWidth="3.4" strokeLinecap="round" />
        <circle cx="22" cy="16" r="2" fill="#0b1f3a" />
      </svg>
      <span className="text-xl font-extrabold tracking-tight">Crebit</span>
    </span>
  );
}
