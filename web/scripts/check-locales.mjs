#!/usr/bin/env node
// The key check of the web app's strings (run by `make test`):
//  1. every key exists in every language (en, pt-BR, es-MX), with the same
//     shape (a text, or a list of the same length);
//  2. every key is used somewhere in web/src: by its literal path, by a
//     template literal (`errors.${code}` matches errors.<anything>), by a
//     parent path read with returnObjects, or by a pattern of allowed below;
//  3. interpolation variables ({{name}}) and nested texts ($t(ns:key), e.g.
//     the one delivery promise in common:promise.*) are the same in every
//     language, and every nested text exists; a nested text counts as used.
// Plural forms (key_one, key_other, key_many...) count as one key; every
// language must have its _other form.
// Prints one line per problem and exits 1 when there is any.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const localesDir = path.join(web, 'src', 'locales');
export const languages = ['en', 'pt-BR', 'es-MX'];

// Keys read through a path the source builds from data, not from a literal.
// Each entry is `namespace:regex` over the key path; say why.
const allowed = [
  // The search API returns `unknown` chips (features/scholarships/api/types.ts)
  // that the result card does not show yet; the label waits for them.
  'scholarships:^card\\.unknown$',
];

const pluralSuffix = /_(zero|one|two|few|many|other)$/;

/** flatten turns a namespace's JSON into [path, value] leaves; lists are leaves of their own. */
function flatten(obj, prefix = '', out = new Map()) {
  for (const [k, v] of Object.entries(obj)) {
    const p = prefix ? `${prefix}.${k}` : k;
    if (Array.isArray(v)) {
      out.set(p, v);
    } else if (v && typeof v === 'object') {
      flatten(v, p, out);
    } else {
      out.set(p, v);
    }
  }
  return out;
}

/** texts lists every string inside a value (a text, or a list of texts and objects). */
function texts(v) {
  if (typeof v === 'string') return [v];
  if (Array.isArray(v)) return v.flatMap(texts);
  if (v && typeof v === 'object') return Object.values(v).flatMap(texts);
  return [];
}

function variables(v) {
  const vars = new Set();
  for (const s of texts(v)) for (const m of s.matchAll(/\{\{\s*([\w.]+)[^}]*\}\}/g)) vars.add(m[1]);
  for (const ref of nested(v)) vars.add(`$t(${ref})`);
  return [...vars].sort().join(',');
}

/** nested lists the texts a value pulls in with i18next nesting: $t(ns:key). */
function nested(v) {
  const refs = new Set();
  for (const s of texts(v)) for (const m of s.matchAll(/\$t\(([\w-]+:[\w.-]+)\)/g)) refs.add(m[1]);
  return [...refs];
}

/** nestedRefs maps every $t(ns:key) in the English texts to the keys that use it. */
function nestedRefs(data) {
  const refs = new Map();
  for (const [ns, leaves] of Object.entries(data.en)) {
    for (const [key, v] of leaves) for (const ref of nested(v)) refs.set(ref, [...(refs.get(ref) ?? []), `${ns}:${key}`]);
  }
  return refs;
}

/** shape describes a value's structure: lists with their lengths, at any depth. */
function shape(v) {
  if (Array.isArray(v)) return `[${v.map(shape).join(',')}]`;
  if (v && typeof v === 'object') return `{${Object.keys(v).sort().map((k) => `${k}:${shape(v[k])}`).join(',')}}`;
  return typeof v === 'string' ? 's' : typeof v;
}

export function loadLocales(dir = localesDir) {
  const data = {};
  for (const lang of languages) {
    data[lang] = {};
    for (const file of readdirSync(path.join(dir, lang))) {
      if (!file.endsWith('.json')) continue;
      const ns = file.slice(0, -5);
      data[lang][ns] = flatten(JSON.parse(readFileSync(path.join(dir, lang, file), 'utf8')));
    }
  }
  return data;
}

/** baseKeys groups plural forms: base key → {forms, value of _other or the key}. */
function baseKeys(leaves) {
  const out = new Map();
  for (const [k, v] of leaves) {
    const base = k.replace(pluralSuffix, '');
    const entry = out.get(base) ?? { forms: new Set(), values: [] };
    entry.forms.add(k === base ? '' : k.slice(base.length + 1));
    entry.values.push(v);
    out.set(base, entry);
  }
  return out;
}

export function checkConsistency(data) {
  const problems = [];
  const namespaces = new Set(languages.flatMap((l) => Object.keys(data[l])));
  for (const ns of [...namespaces].sort()) {
    const byLang = Object.fromEntries(languages.map((l) => [l, baseKeys(data[l][ns] ?? new Map())]));
    const all = new Set(languages.flatMap((l) => [...byLang[l].keys()]));
    for (const key of [...all].sort()) {
      const present = languages.filter((l) => byLang[l].has(key));
      const missing = languages.filter((l) => !byLang[l].has(key));
      if (missing.length) {
        problems.push(`missing: ${ns}:${key} is in ${present.join(', ')} but not in ${missing.join(', ')}`);
        continue;
      }
      const entries = languages.map((l) => byLang[l].get(key));
      for (const [i, e] of entries.entries()) {
        if (e.forms.size > 1 && !e.forms.has('other')) problems.push(`plural: ${languages[i]} ${ns}:${key} has no _other form`);
      }
      const shapes = entries.map((e) => shape(e.values[0]));
      if (new Set(shapes).size > 1) {
        problems.push(`shape: ${ns}:${key} is ${languages.map((l, i) => `${l} ${shapes[i]}`).join(' / ')}`);
      }
      const vars = entries.map((e) => [...new Set(e.values.map(variables))].join('|'));
      if (new Set(vars).size > 1) {
        problems.push(`variables: ${ns}:${key} uses ${languages.map((l, i) => `${l} {${vars[i]}}`).join(' / ')}`);
      }
    }
  }
  return problems;
}

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (name === 'locales' || name === 'node_modules') continue;
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(p);
  }
  return out;
}

/** sourceLiterals collects string literals that could be keys, and template literals as patterns. */
export function sourceLiterals(files) {
  const exact = new Set();
  const patterns = [];
  for (const file of files) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(/'([^'\n]*)'|"([^"\n]*)"/g)) {
      const s = (m[1] ?? m[2]).replace(/^[\w-]+:/, '');
      if (/^[\w.-]+$/.test(s)) exact.add(s);
    }
    for (const m of src.matchAll(/`([^`]*)`/g)) {
      const s = m[1].replace(/^[\w-]+:/, '');
      if (!s.includes('${')) {
        if (/^[\w.-]+$/.test(s)) exact.add(s);
        continue;
      }
      const parts = s.split(/\$\{[^}]*\}/);
      if (!parts.every((p) => /^[\w.-]*$/.test(p))) continue;
      // `${a}.${b}` says nothing about which keys it reads.
      if (!parts.some((p) => /[A-Za-z]{2}/.test(p))) continue;
      patterns.push(new RegExp('^' + parts.map((p) => p.replace(/\./g, '\\.')).join('(?:[\\w-]+(?:\\.[\\w-]+)*?)?') + '$'));
    }
  }
  return { exact, patterns };
}

export function checkUsage(data, { exact, patterns }) {
  const problems = [];
  const refs = nestedRefs(data);
  for (const [ref, from] of refs) {
    const [ns, key] = [ref.slice(0, ref.indexOf(':')), ref.slice(ref.indexOf(':') + 1)];
    if (!data.en[ns]?.has(key)) problems.push(`nesting: ${from.join(', ')} nest ${ref}, which does not exist`);
  }
  const allowedRe = allowed.map((a) => {
    const [ns, re] = [a.slice(0, a.indexOf(':')), a.slice(a.indexOf(':') + 1)];
    return { ns, re: new RegExp(re) };
  });
  const used = (ns, key) => {
    if (refs.has(`${ns}:${key}`)) return true;
    if (exact.has(key) || patterns.some((re) => re.test(key))) return true;
    if (allowedRe.some((a) => a.ns === ns && a.re.test(key))) return true;
    // A parent path read as an object (returnObjects) uses every key under it.
    const segments = key.split('.');
    for (let i = segments.length - 1; i >= 2; i--) {
      const parent = segments.slice(0, i).join('.');
      if (exact.has(parent) || patterns.some((re) => re.test(parent))) return true;
    }
    return false;
  };
  for (const [ns, leaves] of Object.entries(data.en)) {
    for (const key of baseKeys(leaves).keys()) {
      if (!used(ns, key)) problems.push(`unused: ${ns}:${key} is not used in web/src (or add a pattern to \`allowed\` in scripts/check-locales.mjs)`);
    }
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const data = loadLocales();
  const problems = [...checkConsistency(data), ...checkUsage(data, sourceLiterals(sourceFiles(path.join(web, 'src'))))];
  const keys = Object.values(data.en).reduce((n, leaves) => n + leaves.size, 0);
  if (problems.length) {
    for (const p of problems) console.error(p);
    console.error(`\nlocale check: ${problems.length} problem(s) in ${keys} keys × ${languages.length} languages`);
    process.exit(1);
  }
  console.log(`locale check: ${keys} keys × ${languages.length} languages (${languages.join(', ')}): complete, used, same variables`);
}
