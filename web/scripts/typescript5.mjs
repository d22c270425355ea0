// typescript-eslint and openapi-typescript call TypeScript's JavaScript API,
// which TypeScript 7 (the compiler this app is checked with) no longer has.
// Importing this file first makes every `typescript` import in the
// process load `typescript5` (TypeScript 5.9) instead: require() through
// Module._resolveFilename, import through a module hook.
import Module, { register } from 'node:module';

const { _resolveFilename } = Module;
Module._resolveFilename = function resolveTypescript5(request, ...rest) {
  return _resolveFilename.call(this, request === 'typescript' ? 'typescript5' : request, ...rest);
};

register(
  'data:text/javascript,' +
    encodeURIComponent(
      "export async function resolve(s, c, next) { return next(s === 'typescript' ? 'typescript5' : s, c); }",
    ),
  import.meta.url,
);
