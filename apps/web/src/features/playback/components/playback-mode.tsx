import { useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { userTimeZoneName } from '../../../lib/date-time';
import { useLiveStore } from '../../../lib/live/live-store';
import { getStoredRole } from '../../../lib/role-storage';
import { mapOverlayPadding } from '../../../map/camera';
import { useMap } from '../../../map/map-context';
import { useTrackStore } from '../../../map/track-store';
import { usePlaybackActivity } from '../api/get-activity';
import { usePlaybackLog, type LoadProgress } from '../api/get-gps-log';
import { usePlaybackViolations, type PlaybackViolation } from '../api/get-violations';
import { PLAYBACK_PARAM, playbackVehicle } from '../model/playback-params';
import { usePlaybackStore } from '../model/playback-store';
import { periodFromParams, type Period } from '../model/period';
import { stopsOnTrack, tripsOnTrack } from '../model/server-activity';
import { deriveStops, deriveTrips, type PlaybackTrip } from '../model/stops';
import { boundsOf, type PlaybackTrack } from '../model/track';
import { PlaybackLayer } from './playback-layer';
import { PlaybackPanel } from './playback-panel';
import { usePlayerClock } from './use-player-clock';
import './playback.css';

const NONE: never[] = [];

/** Fits the map to fixes `from`..`to` of the track, clear of the panel and the controls. */
function fitTrack(map: ReturnType<typeof useMap>['map'], track: PlaybackTrack, from?: number, to?: number) {
  const b = boundsOf(track, from, to);
  if (!b) return;
  map.fitBounds(
    [
      [b[0], b[1]],
      [b[2], b[3]],
    ],
    { padding: mapOverlayPadding(map.getContainer()), maxZoom: 15, duration: 600 },
  );
}

/** Playback mode on /map: the chosen vehicle's track over the period, its player and its trips. */
export function PlaybackMode({ onExit }: { onExit: () => void }) {
  const { map } = useMap();
  const [params, setParams] = useSearchParams();
  const kendaraanId = playbackVehicle(params);
  const [openedAt] = useState(() => Date.now());
  const periodKey = `${params.get('period')}|${params.get('from')}|${params.get('to')}`;
  const period = useMemo(
    () => periodFromParams(params, openedAt, userTimeZoneName()),
    [periodKey, openedAt], // eslint-disable-line react-hooks/exhaustive-deps
  );
  const unitId = getStoredRole()?.roleUnit;
  const setProgress = usePlaybackStore((s) => s.setProgress);
  const logKey = `${kendaraanId}|${period.from}|${period.to}`;
  // A long period's first page, shown and playable while the rest comes in.
  const [partial, setPartial] = useState<{ of: string; track: PlaybackTrack } | null>(null);
  const onProgress = (progress: LoadProgress) => {
    setProgress(progress);
    if (progress.partial) setPartial({ of: logKey, track: progress.partial });
  };
  const log = usePlaybackLog(unitId, kendaraanId, period.from, period.to, onProgress);
  const violationsQuery = usePlaybackViolations(unitId, kendaraanId, period.from, period.to);
  const track =
    kendaraanId === null ? undefined : (log.data ?? (partial?.of === logKey ? partial.track : undefined));
  const violations: PlaybackViolation[] = violationsQuery.data ?? NONE;
  const activity = usePlaybackActivity(unitId, kendaraanId, period.from, period.to);
  // The server's trips and stops; worked out here from the fixes only when it cannot answer.
  const stops = useMemo(() => {
    if (!track) return NONE;
    if (activity.data) return stopsOnTrack(track, activity.data.stops);
    return activity.isError ? deriveStops(track) : NONE;
  }, [track, activity.data, activity.isError]);
  const trips = useMemo(() => {
    if (!track) return NONE;
    if (activity.data) return tripsOnTrack(track, activity.data.trips);
    return activity.isError
      ? deriveTrips(
          track,
          stops,
          violations.map((v) => v.start),
        )
      : NONE;
  }, [track, stops, violations, activity.data, activity.isError]);
  const vehicleClass = useLiveStore((s) =>
    kendaraanId === null ? null : s.byId.get(kendaraanId)?.vehicleClass,
  );

  usePlayerClock(track?.count ?? 0);

  // Live following would pull the camera away from the track.
  useEffect(() => useTrackStore.getState().setTrack(false), []);
  // A new vehicle or period starts from its beginning, paused, with its track in view: its first part
  // while the rest loads, then the whole of it unless the user has already started playing.
  useEffect(() => usePlaybackStore.getState().rewind(), [logKey]);
  const fitted = useRef<{ of: string; whole: boolean } | null>(null);
  useEffect(() => {
    if (!track) return;
    const whole = track === log.data;
    const before = fitted.current?.of === logKey ? fitted.current : null;
    if (before && (before.whole || !whole)) return;
    fitted.current = { of: logKey, whole };
    if (!before || !usePlaybackStore.getState().play) fitTrack(map, track);
  }, [map, track, logKey, log.data]);
  useEffect(
    () => () => {
      usePlaybackStore.getState().rewind();
      usePlaybackStore.getState().setProgress(null);
    },
    [],
  );

  const chooseVehicle = (id: number) =>
    setParams((p) => {
      p.set(PLAYBACK_PARAM, String(id));
      return p;
    });
  const choosePeriod = (next: Period) =>
    setParams(
      (p) => {
        p.set('period', next.kind);
        p.set('from', next.from);
        p.set('to', next.to);
        return p;
      },
      { replace: true },
    );
  // The period in the URL from the start, so a reload or a shared link plays the same one.
  useEffect(() => {
    if (params.get('from') !== period.from || params.get('to') !== period.to) choosePeriod(period);
  }, [period]); // eslint-disable-line react-hooks/exhaustive-deps
  const jumpToTrip = (trip: PlaybackTrip) => {
    const store = usePlaybackStore.getState();
    store.setPlay(false);
    store.setFollow(false);
    store.setIndex(trip.startIndex);
    if (track) fitTrack(map, track, trip.startIndex, trip.endIndex);
  };

  return (
    <>
      <PlaybackLayer
        track={track}
        stops={stops}
        violations={violations}
        icon={`vehicle:${vehicleClass ?? 'TRUCK'}:moving`}
      />
      <PlaybackPanel
        kendaraanId={kendaraanId}
        period={period}
        track={track}
        log={log}
        trips={trips}
        stops={stops}
        onChooseVehicle={chooseVehicle}
        onChoosePeriod={choosePeriod}
        onJumpToTrip={jumpToTrip}
        onExit={onExit}
      />
    </>
  );
}
