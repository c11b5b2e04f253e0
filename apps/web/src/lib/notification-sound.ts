let context: AudioContext | undefined;

/** A short two-tone chime made with the Web Audio API (no audio file to ship). */
export function playNotificationSound(): void {
  try {
    context ??= new AudioContext();
    const ctx = context;
    const start = ctx.currentTime;
    [880, 1320].forEach((frequency, i) => {
      const osc = ctx.createOscillator();
      const gain = ctx.createGain();
      osc.type = 'sine';
      osc.frequency.value = frequency;
      const t0 = start + i * 0.12;
      gain.gain.setValueAtTime(0.0001, t0);
      gain.gain.exponentialRampToValueAtTime(0.2, t0 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t0 + 0.25);
      osc.connect(gain).connect(ctx.destination);
      osc.start(t0);
      osc.stop(t0 + 0.3);
    });
  } catch {
    // Audio may be blocked until the user interacts with the page; a missed chime is harmless.
  }
}
