// Short tones for what a scan did, told apart by ear across a warehouse: ok is one short high beep,
// unknown two mid beeps, error a long low buzz, warning (scanned twice?) two quick high beeps. Made with
// Web Audio (no sound files to ship, nothing for the CSP to allow). A scan is a key press, which counts
// as the user activation browsers need before audio may play.
export type Cue = 'ok' | 'unknown' | 'error' | 'warning';

interface Tone {
  readonly hz: number;
  readonly ms: number;
  readonly wave: OscillatorType;
}

const GAP_MS = 60;

export const CUE_TONES: Readonly<Record<Cue, readonly Tone[]>> = {
  ok: [{ hz: 1760, ms: 70, wave: 'sine' }],
  unknown: [
    { hz: 660, ms: 120, wave: 'triangle' },
    { hz: 660, ms: 120, wave: 'triangle' },
  ],
  error: [{ hz: 196, ms: 450, wave: 'square' }],
  warning: [
    { hz: 1320, ms: 60, wave: 'sine' },
    { hz: 1320, ms: 60, wave: 'sine' },
  ],
};

let context: AudioContext | null = null;
let enabled = true;

/** Follows the "sounds" setting. */
export function setSoundsEnabled(on: boolean): void {
  enabled = on;
}

export function soundsEnabled(): boolean {
  return enabled;
}

/** Plays a cue now (a no-op when sounds are off or the page cannot make sound). */
export function playCue(cue: Cue): void {
  if (!enabled || typeof AudioContext === 'undefined') return;
  try {
    context ??= new AudioContext();
    if (context.state === 'suspended') void context.resume();
    let at = context.currentTime;
    for (const tone of CUE_TONES[cue]) {
      const oscillator = context.createOscillator();
      const gain = context.createGain();
      oscillator.type = tone.wave;
      oscillator.frequency.value = tone.hz;
      // A short fade in and out: a hard edge clicks.
      gain.gain.setValueAtTime(0, at);
      gain.gain.linearRampToValueAtTime(0.25, at + 0.005);
      gain.gain.setValueAtTime(0.25, at + tone.ms / 1000 - 0.01);
      gain.gain.linearRampToValueAtTime(0, at + tone.ms / 1000);
      oscillator.connect(gain).connect(context.destination);
      oscillator.start(at);
      oscillator.stop(at + tone.ms / 1000);
      at += (tone.ms + GAP_MS) / 1000;
    }
  } catch {
    // No audio device: the colours still tell the outcome.
  }
}
