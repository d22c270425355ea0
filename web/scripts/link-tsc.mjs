// npm links both `typescript` (7, the compiler this app is checked with) and
// `typescript5` (the JavaScript compiler API that typescript-eslint and
// openapi-typescript still need) as `tsc`, in no fixed order. This runs after
// every install and points `tsc` at TypeScript 7 again.
import { rmSync, symlinkSync } from 'node:fs';

const link = 'node_modules/.bin/tsc';
rmSync(link, { force: true });
symlinkSync('../typescript/bin/tsc', link);
