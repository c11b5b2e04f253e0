/** The URL of maplibre's worker script (map-worker.ts). */
declare module 'virtual:map-worker-url' {
  const url: string;
  export default url;
}
