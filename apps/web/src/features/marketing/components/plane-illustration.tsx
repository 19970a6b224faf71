/** A Japanese plane and a chisel, drawn in SVG for the banner on wide screens (decorative). */
export function PlaneIllustration({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 480 360" aria-hidden="true" focusable="false" className={className}>
      <ellipse cx="250" cy="292" rx="200" ry="20" fill="#000" opacity="0.28" />
      {/* plane body: left end, top and front faces */}
      <path d="M52 168 96 212v54l-44-46Z" fill="#9c6a37" />
      <path d="M52 168 392 146l44 44-340 22Z" fill="#e4bb7c" />
      <path d="M96 212 436 190v52L96 266Z" fill="#c38a4b" />
      <path
        d="M90 175 360 158M120 190 300 179M330 176l70-5M110 203 240 195M270 193l140-9"
        stroke="#c99757"
        strokeWidth="2.5"
        strokeLinecap="round"
        fill="none"
      />
      <path d="M130 232 400 215M160 250 420 233" stroke="#a9743d" strokeWidth="2" fill="none" />
      {/* mouth, blade and its wedge */}
      <path d="M214 186 296 181l6 6-82 5Z" fill="#3b2616" />
      <path d="M226 70 262 66l12 118-36 3Z" fill="#cfd4dc" />
      <path d="M226 70 262 66l2 16-36 3Z" fill="#8d96a3" />
      <path d="M262 78 284 76l10 104-20 2Z" fill="#6b7482" />
      {/* chisel in front */}
      <g transform="rotate(-8 300 300)">
        <rect x="150" y="286" width="120" height="22" rx="10" fill="#7a4a24" />
        <rect x="262" y="284" width="14" height="26" rx="3" fill="#4b5563" />
        <path d="M276 288h110l22 9-22 9H276Z" fill="#cfd4dc" />
        <path d="M276 297h132l-22 9H276Z" fill="#9aa3af" />
      </g>
    </svg>
  );
}
