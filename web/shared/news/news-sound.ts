import type { Importance } from '@contract/enums';

/**
 * A tiny WebAudio beep per importance (no audio files): critical two short high tones, high one
 * tone, medium and low a softer, lower one. Browsers only start audio after a user gesture: the
 * context is created on first use and resumed when possible; a refused start is silent.
 */
const TONES: Record<Importance, { frequency: number; beeps: number }> = {
  critical: { frequency: 988, beeps: 2 },
  high: { frequency: 784, beeps: 1 },
  medium: { frequency: 587, beeps: 1 },
  low: { frequency: 440, beeps: 1 },
};

const BEEP_SECONDS = 0.12;
const GAP_SECONDS = 0.07;
/** Several items in one burst play one beep. */
const MIN_INTERVAL_MS = 400;

let context: AudioContext | null = null;
let lastPlayedAt = 0;

function audioContext(): AudioContext | null {
  if (context) return context;
  const Ctor =
    typeof window === 'undefined'
      ? undefined
      : (window.AudioContext ?? (window as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext);
  if (!Ctor) return null;
  try {
    context = new Ctor();
  } catch {
    return null;
  }
  return context;
}

/** Call from a click or key handler so later beeps may play (autoplay rules). */
export function unlockNewsSound() {
  const ctx = audioContext();
  if (ctx?.state === 'suspended') void ctx.resume().catch(() => {});
}

/** Browsers start audio only after a gesture: the first key or click unlocks the beeps. Returns the cleanup. */
export function unlockNewsSoundOnFirstGesture(): () => void {
  const unlock = () => unlockNewsSound();
  document.addEventListener('pointerdown', unlock, { once: true });
  document.addEventListener('keydown', unlock, { once: true });
  return () => {
    document.removeEventListener('pointerdown', unlock);
    document.removeEventListener('keydown', unlock);
  };
}

export function playNewsBeep(importance: Importance, volume = 0.12) {
  const now = Date.now();
  if (now - lastPlayedAt < MIN_INTERVAL_MS) return;
  const ctx = audioContext();
  if (!ctx) return;
  lastPlayedAt = now;
  if (ctx.state === 'suspended') void ctx.resume().catch(() => {});
  const { frequency, beeps } = TONES[importance];
  let start = ctx.currentTime + 0.01;
  for (let i = 0; i < beeps; i++) {
    const oscillator = ctx.createOscillator();
    const gain = ctx.createGain();
    oscillator.type = 'sine';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.0001, start);
    gain.gain.exponentialRampToValueAtTime(volume, start + 0.01);
    gain.gain.exponentialRampToValueAtTime(0.0001, start + BEEP_SECONDS);
    oscillator.connect(gain).connect(ctx.destination);
    oscillator.start(start);
    oscillator.stop(start + BEEP_SECONDS + 0.02);
    start += BEEP_SECONDS + GAP_SECONDS;
  }
}

export type NotificationState = NotificationPermission | 'unsupported';

export function notificationPermission(): NotificationState {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser for permission to show desktop notifications (from a user gesture). */
export async function requestNotificationPermission(): Promise<NotificationState> {
  if (typeof Notification === 'undefined') return 'unsupported';
  if (Notification.permission !== 'default') return Notification.permission;
  try {
    return await Notification.requestPermission();
  } catch {
    return Notification.permission;
  }
}

/** A desktop notification for a headline, when allowed; clicking it focuses the tab (and opens the link). */
export function showNewsNotification(item: {
  id: number;
  title: string;
  importance: Importance;
  symbols: string[];
  url: string | null;
}) {
  if (notificationPermission() !== 'granted') return;
  try {
    const notification = new Notification(item.title, {
      body: [item.importance.toUpperCase(), ...item.symbols].join(' · '),
      tag: `news-${item.id}`,
    });
    notification.onclick = () => {
      window.focus();
      if (item.url) window.open(item.url, '_blank', 'noopener,noreferrer');
      notification.close();
    };
  } catch {
    // Some browsers (Android Chrome) only allow notifications from a service worker.
  }
}
