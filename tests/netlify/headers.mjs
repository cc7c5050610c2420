// The headers Netlify sends for each published path, by Netlify's own headers engine.
//
//   node tests/netlify/headers.mjs DIST [PROJECT [PATH...]]   (PROJECT: where netlify.toml is)
//
// Prints one JSON object: {"/": {...}, "/index.html": {...}, ...}, one key per file
// under DIST, plus "/" and any PATH given; each key is the URL's pathname as a browser
// requests it (percent-encoded), which is what Netlify matches.
//
// @netlify/headers is Netlify's headers engine for local development (@netlify/dev uses
// it; netlify-cli 27's `netlify dev` has a copy of its headersForPath): headers-parser
// turns netlify.toml (and any `_headers` file) into rules, each `for` path compiled to a
// RegExp; a path gets the values of every rule whose RegExp matches, in order, a later
// rule winning a repeated name.
// Exits 1 if Netlify reports a syntax error in the rules.

import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { HeadersHandler } from '@netlify/headers';

const [dist, project = process.cwd(), ...extra] = process.argv.slice(2);
if (!dist) {
  console.error('usage: node headers.mjs DIST [PROJECT [PATH...]]');
  process.exit(2);
}
const projectDir = path.resolve(project);
const publishDir = path.resolve(dist);

const errors = [];
const handler = new HeadersHandler({
  configPath: path.join(projectDir, 'netlify.toml'),
  projectDir,
  publishDir,
  logger: { error: (message) => errors.push(message), log() {}, warn() {} },
});

const files = (await readdir(publishDir, { recursive: true, withFileTypes: true }))
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(publishDir, path.join(entry.parentPath ?? entry.path, entry.name)))
  .map((name) => '/' + name.split(path.sep).join('/'))
  .sort();

const result = {};
for (const name of ['/', ...files, ...extra]) {
  const url = new URL('https://example.org' + name); // name: an absolute path
  result[url.pathname] = await handler.apply({ url: url.href });
}
if (errors.length) {
  console.error(errors.join('\n'));
  process.exit(1);
}
console.log(JSON.stringify(result, null, 1));
