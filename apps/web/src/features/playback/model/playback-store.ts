import { create } from 'zustand';
import type { LoadProgress } from '../api/get-gps-log';
import { DEFAULT_PLAY_SPEED } from './player';

/**
 * Playback (spec §3, §4): whether it plays, its speed in ms per step and the index of the fix shown.
 * The log itself is server state (TanStack Query); only the player's state lives here. The map's
 * marker follows `indexData` through a subscription, outside React render.
 */
export interface PlaybackState {
  play: boolean;
  playSpeed: number;
  indexData: number;
  /** Keep the vehicle centred. */
  follow: boolean;
  progress: LoadProgress | null;
  setPlay: (play: boolean) => void;
  setPlaySpeed: (playSpeed: number) => void;
  setIndex: (indexData: number) => void;
  setFollow: (follow: boolean) => void;
  setProgress: (progress: LoadProgress | null) => void;
  /** A new log: back to its start, paused, at the speed chosen. */
  rewind: () => void;
}

export const usePlaybackStore = create<PlaybackState>()((set) => ({
  play: false,
  playSpeed: DEFAULT_PLAY_SPEED,
  indexData: 0,
  follow: false,
  progress: null,
  setPlay: (play) => set({ play }),
  setPlaySpeed: (playSpeed) => set({ playSpeed }),
  setIndex: (indexData) => set((s) => (s.indexData === indexData ? s : { indexData })),
  setFollow: (follow) => set({ follow }),
  setProgress: (progress) => set({ progress }),
  rewind: () => set({ play: false, indexData: 0 }),
}));
