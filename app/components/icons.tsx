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
export function Svg({ children }: { children: React.ReactNode }) {
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

export function SearchIcon() {
  return (
    <Svg>
      <circle cx="11" cy="11" r="6.5" />
      <path d="M16 16l4.5 4.5" />
    </Svg>
  );
}
