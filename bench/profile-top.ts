// The top entries of a V8 CPU profile (`npm run bench -- --cpu-prof` writes them to
// bench/results/profiles/): self time per function, as a share of all samples, and
// the same summed per package (node_modules/<name>) or per file of the app.
//
//   node --import tsx bench/profile-top.ts <file.cpuprofile> [entries, default 25]
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: { readonly functionName: string; readonly url: string; readonly lineNumber: number };
  readonly children?: readonly number[];
}

interface Profile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

const [file, entries = '25'] = process.argv.slice(2);
if (!file) throw new Error('usage: node --import tsx bench/profile-top.ts <file.cpuprofile> [entries]');
const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));

/** Microseconds of samples per profile node (each sample's time is the delta to the next one). */
const selfUs = new Map<number, number>();
profile.samples.forEach((id, index) => {
  const delta = profile.timeDeltas[index + 1] ?? 0;
  selfUs.set(id, (selfUs.get(id) ?? 0) + delta);
});
const total = [...selfUs.values()].reduce((sum, us) => sum + us, 0);

/** Where a frame's code lives: a package, a file of the app, or V8/Node itself. */
function placeOf(url: string): string {
  if (url === '') return '(V8, native)';
  const inPackage = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (inPackage?.[1]) return inPackage[1];
  if (url.startsWith('node:')) return url;
  const app = /\/(src|bench|test)\/(.*)$/.exec(url);
  return app ? `${app[1]}/${app[2]}` : url;
}

const perFunction = new Map<string, number>();
const perPlace = new Map<string, number>();
for (const [id, us] of selfUs) {
  const frame = byId.get(id)?.callFrame;
  if (!frame) continue;
  const place = placeOf(frame.url);
  const name = `${frame.functionName || '(anonymous)'} ${place}${frame.url ? `:${frame.lineNumber + 1}` : ''}`;
  perFunction.set(name, (perFunction.get(name) ?? 0) + us);
  perPlace.set(place, (perPlace.get(place) ?? 0) + us);
}

function print(title: string, rows: Map<string, number>): void {
  console.log(`\n| ${title} | self, % of samples | ms |\n| --- | ---: | ---: |`);
  const top = [...rows].sort((a, b) => b[1] - a[1]).slice(0, Number(entries));
  for (const [name, us] of top) console.log(`| ${name} | ${((100 * us) / total).toFixed(1)} | ${(us / 1000).toFixed(0)} |`);
}

console.log(`${file}: ${(total / 1000).toFixed(0)} ms of samples`);
print('function', perFunction);
print('package or file', perPlace);
