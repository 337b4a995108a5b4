import { useT } from '../i18n/index.ts';
import { useShop } from '../shop-context.ts';
import { SocialIcon } from './social-icon.tsx';

const networks = ['vk', 'instagram', 'facebook', 'whatsapp', 'telegram', 'pinterest'] as const;

/** Links to the networks the contacts document fills in; empty ones are not shown. */
export function Socials() {
  const { contacts } = useShop();
  const t = useT();
  return (
    <ul className="socials">
      {networks
        .filter((n) => contacts[n])
        .map((n) => (
          <li key={n}>
            <a
              className="icon-button socials__link"
              href={contacts[n]}
              target="_blank"
              rel="noopener noreferrer"
              aria-label={t(`social.${n}`)}
            >
              <SocialIcon name={n} />
            </a>
          </li>
        ))}
    </ul>
  );
}
