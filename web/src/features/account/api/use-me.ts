// The account screens use the shared session query (src/lib/session.ts).
export { meKey, useMe, useSetMe } from '@/lib/session';
