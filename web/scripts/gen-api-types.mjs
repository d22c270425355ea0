// Writes contract/api-types.ts (outside src: generated, not hand-written), the TypeScript types of every request and
// response, from docs/openapi.yaml (`npm run gen:api`). With a path argument
// it writes there instead: `make test` generates into a temporary file and
// fails when the checked-in file differs (the contract changed, the types
// did not follow).
import './typescript5.mjs';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const { default: openapiTS, astToString } = await import('openapi-typescript');

const web = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const spec = path.join(web, '../docs/openapi.yaml');
const out = process.argv[2] ?? path.join(web, 'contract/api-types.ts');

const ast = await openapiTS(pathToFileURL(spec), { alphabetize: true });
const header =
  '// Generated from docs/openapi.yaml by `npm run gen:api` (scripts/gen-api-types.mjs).\n' +
  '// Do not edit: change the contract and regenerate; `make test` fails when this file is stale.\n\n';
writeFileSync(out, header + astToString(ast));
readFileSync(out); // fail loudly if nothing was written
