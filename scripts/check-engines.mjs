#!/usr/bin/env node
// Part of `npm run lint`: every package the shop runs with (the production dependencies of
// apps/server and apps/web, as package-lock.json installs them) must declare that it runs on
// the oldest Node.js the root package.json claims. npm only warns about a package's `engines`;
// this fails, naming each package whose `engines.node` leaves that version out and the chain
// that brings it in.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file) => JSON.parse(readFileSync(path.join(root, file), 'utf8'));
const claimed = readJson('package.json').engines?.node;
const oldest = claimed && semver.minVersion(claimed);
if (!oldest) {
  console.error('package.json has no engines.node range to check the dependencies against.');
  process.exit(1);
}
const { packages } = readJson('package-lock.json');
const workspaces = ['apps/server', 'apps/web'];

/** Where npm finds `name` for the package at `from`: the nearest node_modules on the way up. */
function resolve(from, name) {
  for (let dir = from; ; ) {
    const at = `${dir ? `${dir}/` : ''}node_modules/${name}`;
    const entry = packages[at];
    if (entry) return entry.link ? entry.resolved : at;
    if (!dir) return null;
    const inside = dir.lastIndexOf('node_modules/');
    dir = inside > 0 ? dir.slice(0, inside - 1) : '';
  }
}

/** A package's name: its lockfile entry's, or its folder's. */
const nameAt = (at) =>
  packages[at]?.name ?? at.slice(at.lastIndexOf('node_modules/') + 'node_modules/'.length);

const refused = [];

/**
 * Every installed production dependency, with the chain of names that first reached it. A
 * dependency the lockfile does not install is refused too (an optional or peer one may be absent).
 */
function walk() {
  const chains = new Map(workspaces.map((w) => [w, [w]]));
  const queue = [...workspaces];
  while (queue.length > 0) {
    const at = queue.shift();
    const entry = packages[at] ?? {};
    const wanted = { ...entry.peerDependencies, ...entry.optionalDependencies, ...entry.dependencies };
    for (const name of Object.keys(wanted)) {
      const found = resolve(at, name);
      const chain = [...chains.get(at), name];
      if (found === null && entry.dependencies?.[name])
        refused.push(`  ${name}  not installed by package-lock.json  (${chain.join(' > ')})`);
      if (found === null || chains.has(found)) continue;
      chains.set(found, chain);
      queue.push(found);
    }
  }
  return chains;
}

const installed = walk();
for (const [at, chain] of installed) {
  const { version, engines } = packages[at] ?? {};
  const range = engines?.node;
  if (range && !semver.satisfies(oldest, range, { includePrerelease: true }))
    refused.push(`  ${nameAt(at)}@${version}  engines.node "${range}"  (${chain.join(' > ')})`);
}

if (refused.length > 0) {
  console.error(
    `package.json claims Node.js ${claimed}, but these runtime dependencies are missing or do not run on ${oldest}:\n${refused.join('\n')}\n` +
      'Choose versions that do, or claim the Node.js they need (engines in package.json, the README, scripts/start.mjs).',
  );
  process.exit(1);
}
console.log(
  `All ${installed.size - workspaces.length} runtime dependencies of ${workspaces.join(' and ')} admit Node.js ${oldest} (package.json: ${claimed}).`,
);
