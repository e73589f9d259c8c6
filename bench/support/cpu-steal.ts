// How much CPU time the host took from this virtual machine (the "steal" column of /proc/stat) while
// something ran: on a shared VM the same build's figures move by a third between runs, and this says
// whether the machine, not the app, was slower. Linux only; elsewhere (or without /proc) it is NaN.
import { readFileSync } from 'node:fs';

interface CpuTicks {
  readonly steal: number;
  readonly total: number;
}

function readTicks(): CpuTicks | null {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const fields = line.trim().split(/\s+/).slice(1).map(Number);
    // user nice system idle iowait irq softirq steal (guest time is inside user already)
    const total = fields.slice(0, 8).reduce((sum, value) => sum + value, 0);
    const steal = fields[7];
    return steal === undefined || Number.isNaN(total) ? null : { steal, total };
  } catch {
    return null;
  }
}

/** Starts counting; `stop()` gives the share of all CPU time the host stole meanwhile, in percent. */
export function startStealCount(): { stop(): number } {
  const start = readTicks();
  return {
    stop() {
      const end = readTicks();
      if (start === null || end === null || end.total === start.total) return Number.NaN;
      return (100 * (end.steal - start.steal)) / (end.total - start.total);
    },
  };
}
