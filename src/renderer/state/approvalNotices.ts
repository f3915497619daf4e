import { useEffect } from 'react';
import { create } from 'zustand';
import type { PlaygroundApi } from '../../shared/api/playgroundApi';
import { describeRunOrigin } from '../../shared/format';
import { useDebugStore } from './debugStore';
import { showRun } from './showRun';
import { useTabStore } from './tabStore';

const SOUND_KEY = 'execbox.approvalSound';

interface NoticeSettings {
  /** A short tone when a call waits for approval. */
  sound: boolean;
  setSound(on: boolean): void;
}

function storedSound(): boolean {
  try {
    return globalThis.localStorage?.getItem(SOUND_KEY) !== 'off';
  } catch {
    return true;
  }
}

export const useNoticeSettings = create<NoticeSettings>()((set) => ({
  sound: storedSound(),
  setSound: (on) => {
    try {
      globalThis.localStorage?.setItem(SOUND_KEY, on ? 'on' : 'off');
    } catch {
      // Private mode: the choice lasts for this page only.
    }
    set({ sound: on });
  },
}));

/** Whether system notices can be shown: the desktop app grants them; a browser asks the person once. */
export function notificationState(): NotificationPermission | 'unsupported' {
  return typeof Notification === 'undefined' ? 'unsupported' : Notification.permission;
}

/** Asks the browser for notices (it must come from a click); answers the new state. */
export async function askForNotifications(): Promise<NotificationPermission | 'unsupported'> {
  if (typeof Notification === 'undefined') return 'unsupported';
  return Notification.requestPermission();
}

let audio: AudioContext | undefined;

function playTone(): void {
  try {
    audio ??= new AudioContext();
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.frequency.value = 880;
    gain.gain.setValueAtTime(0.08, audio.currentTime);
    gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.25);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start();
    oscillator.stop(audio.currentTime + 0.25);
    // Counted so that a test (or a curious person in DevTools) can tell a tone was played.
    (globalThis as { __execboxTones?: number }).__execboxTones =
      ((globalThis as { __execboxTones?: number }).__execboxTones ?? 0) + 1;
  } catch {
    // No audio device: the notice and the badge remain.
  }
}

/**
 * Beyond the in-page badge: when a call starts waiting for approval ("ask before running"), a system
 * notice (Electron shows the page's Notification as a desktop notification; a browser only when the
 * person allowed it) while the page is not in front, and a short tone unless turned off.
 */
export function useApprovalNotices(api: PlaygroundApi): void {
  useEffect(() => {
    const announced = new Set<string>();
    return useDebugStore.subscribe((state) => {
      for (const call of state.paused) {
        if (call.reason !== 'approval' || announced.has(call.pauseId)) continue;
        announced.add(call.pauseId);
        if (useNoticeSettings.getState().sound) playTone();
        if (notificationState() === 'granted' && (document.hidden || !document.hasFocus())) {
          const notice = new Notification('A tool call waits for your approval', {
            body: `${describeRunOrigin(call.origin)} · ${call.providerName}.${call.toolName} (ask before running)`,
            tag: call.pauseId,
          });
          // Opens the run that asks, as its chip does.
          notice.onclick = () => {
            window.focus();
            notice.close();
            void showRun(api, call.runId);
            useTabStore.getState().select('bottom', 'paused-call');
          };
        }
      }
    });
  }, [api]);
}
