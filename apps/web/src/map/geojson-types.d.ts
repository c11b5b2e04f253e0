// The global `GeoJSON` namespace (from @types/geojson, which maplibre-gl's types depend on).
/// <reference types="geojson" />
