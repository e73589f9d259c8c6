// Crash soak (not part of npm test): many more SIGKILLs than the test suite's 200.
//   npx tsx tests/outbox/soak.ts [--kills 2000] [--lanes 2] [--seed 1] [--max-delay-ms 150] [--operations 5]
// Exits 1 and lists the problems when anything was lost, applied twice or the file is damaged.
import { parseArgs } from 'node:util';
import { crashRunProblems, outcomeCounts, runCrashCycles } from './support/crash-harness.js';

const { values } = parseArgs({
  options: {
    kills: { type: 'string', default: '2000' },
    lanes: { type: 'string', default: '2' },
    seed: { type: 'string', default: '1' },
    'max-delay-ms': { type: 'string', default: '150' },
    operations: { type: 'string', default: '5' },
  },
});

const started = performance.now();
const result = await runCrashCycles({
  kills: Number(values.kills),
  lanes: Number(values.lanes),
  seed: Number(values.seed),
  maxDelayMs: Number(values['max-delay-ms']),
  operationsPerChild: Number(values.operations),
  log: (line) => console.log(line),
});
const problems = crashRunProblems(result);
console.log(
  `${result.kills} kills, ${result.rows.length} operations, ${((performance.now() - started) / 1000).toFixed(1)} s`,
);
console.log('outcomes', outcomeCounts(result));
console.log(`integrity_check: ${result.integrity}`);
if (problems.length > 0) {
  console.error(problems.join('\n'));
  process.exitCode = 1;
} else console.log('nothing lost, nothing applied twice');
