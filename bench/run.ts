import { join } from 'node:path';
import { projectRoot } from '../src/infrastructure/project-root.js';
import { parseBenchArgs } from './options.js';
import { markdownTable } from './report.js';
import { runBench } from './run-bench.js';

// Entry point of `npm run bench` (which builds first): runs every scenario, prints one
// markdown table on stdout and stores the JSON in bench/results/.
const resultsDir = join(projectRoot(), 'bench', 'results');
let options: ReturnType<typeof parseBenchArgs>;
try {
  options = parseBenchArgs(process.argv.slice(2), resultsDir);
} catch (error) {
  console.error((error as Error).message);
  process.exit(2);
}
try {
  const report = await runBench(options);
  console.log(markdownTable(report));
  console.log(
    `\n${report.machine.cpus} × ${report.machine.cpuModel}, ${report.machine.memoryGiB} GiB, Node ${report.machine.node}, ` +
      `${report.settings.database}${report.settings.sessions === 'redis' ? ' with sessions in Redis' : ''}, ${report.settings.secondsPerScenario} s per scenario, ` +
      `server run as \`npm start\` runs it (node ${report.server.nodeFlags.join(' ')}), ` +
      `load average ${report.machine.loadAverage.toFixed(2)} at start${report.machine.pinned ? '' : ', not pinned (no taskset or one core)'}. ` +
      `JSON in bench/results/.`,
  );
} catch (error) {
  console.error(error);
  process.exitCode = 1;
}
