const common = {
  width: 24,
  height: 24,
  viewBox: '0 0 24 24',
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 1.5,
  strokeLinecap: 'round' as const,
  strokeLinejoin: 'round' as const,
};

/** Decorative: every icon sits inside a control that carries the accessible name. */
function Svg({ children }: { children: React.ReactNode }) {
  return (
    <svg {...common} aria-hidden="true" focusable="false">
      {children}
    </svg>
  );
}

export function MenuIcon() {
  return (
    <Svg>
      <path d="M3 7h18M3 12h18M3 17h18" />
    </Svg>
  );
}

export function CloseIcon() {
  return (
    <Svg>
      <path d="M5 5l14 14M19 5L5 19" />
    </Svg>
  );
}

export function HeartIcon() {
  return (
    <Svg>
      <path d="M12 20s-7.5-4.6-9.3-9.2C1.5 7.6 3.6 4.5 6.9 4.5c2 0 3.4 1.1 5.1 3 1.7-1.9 3.1-3 5.1-3 3.3 0 5.4 3.1 4.2 6.3C19.5 15.4 12 20 12 20z" />
    </Svg>
  );
}

export function BagIcon() {
  return (
    <Svg>
      <path d="M5 8h14l-1 12.5H6L5 8z" />
      <path d="M9 8V6.5a3 3 0 016 0V8" />
    </Svg>
  );
}

export function UserIcon() {
  return (
    <Svg>
      <circle cx="12" cy="8.5" r="3.8" />
      <path d="M4.5 20c.9-3.9 3.9-6 7.5-6s6.6 2.1 7.5 6" />
    </Svg>
  );
}

export function ArrowIcon() {
  return (
    <Svg>
      <path d="M4 12h16M14 6l6 6-6 6" />
    </Svg>
  );
}

const socialPaths: Record<string, string> = {
  vk: 'M3 7h3.2c.2 3.9 1.9 5.6 3.3 5.9V7h3v3.3c1.4-.1 2.8-1.7 3.3-3.3h3c-.5 2.4-2.2 4.1-3.4 4.8 1.2.6 3.2 2.1 3.9 4.7h-3.3c-.6-1.7-2-3-3.5-3.2v3.2h-.4C6.5 16.5 3.2 13 3 7z',
  telegram: 'M21 4L3 11l6 2 2 6 3-4 5 4 2-15zM9 13l9-6-7 8',
  whatsapp:
    'M4 20l1.3-4A8 8 0 1112 20a8 8 0 01-4-1.1L4 20zM9 8.5c0 3.5 2.8 6.5 6.5 6.5l1-1.5-2-1-1 1c-1-.4-2.6-2-3-3l1-1-1-2L9 8.5z',
  pinterest:
    'M12 3a9 9 0 00-3.3 17.4c0-.8 0-1.7.2-2.4l1.2-5s-.3-.6-.3-1.5c0-1.4.8-2.5 1.8-2.5.9 0 1.3.6 1.3 1.4 0 .9-.6 2.2-.8 3.4-.2 1 .5 1.9 1.5 1.9 1.9 0 3.1-2.4 3.1-5.2 0-2.2-1.5-3.8-4.1-3.8a4.7 4.7 0 00-4.9 4.7c0 .9.3 1.5.7 2',
  instagram:
    'M7 3h10a4 4 0 014 4v10a4 4 0 01-4 4H7a4 4 0 01-4-4V7a4 4 0 014-4zm5 5a4 4 0 100 8 4 4 0 000-8zm5.5-1.5h.01',
  facebook: 'M14 8h3V4h-3a4 4 0 00-4 4v2H7v4h3v7h4v-7h3l1-4h-4V8.5c0-.3.2-.5.5-.5z',
};

export function SocialIcon({ name }: { name: string }) {
  const d = socialPaths[name];
  if (!d) return null;
  return (
    <Svg>
      <path d={d} />
    </Svg>
  );
}

export function SearchIcon() {
  return (
    <Svg>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </Svg>
  );
}
