/** The Pantau logo: a pin over a road, in the brand blue. */
export function BrandMark({ size = 24 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="#1d4ed8" />
      <path
        d="M16 6c-4 0-7 3-7 6.8C9 18 16 26 16 26s7-8 7-13.2C23 9 20 6 16 6zm0 9.4a2.8 2.8 0 1 1 0-5.6 2.8 2.8 0 0 1 0 5.6z"
        fill="#fff"
      />
    </svg>
  );
}
