import { Svg } from './icons.tsx';

// The networks' marks, apart from ./icons.tsx: only the footer and the menu's contacts draw them, so
// they stay out of the page's first load (docs/decisions/0049-first-load-split.md).
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
