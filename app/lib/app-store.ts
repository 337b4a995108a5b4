import { useEffect, useState } from 'react';

/** Whose app store a device uses (catalogue.md §2: the app banner, the menu's app button, /app). */
export type Device = 'android' | 'ios' | 'other';

export function deviceOf(userAgent: string): Device {
  if (/android/i.test(userAgent)) return 'android';
  if (/iPhone|iPad|iPod/i.test(userAgent)) return 'ios';
  return 'other';
}

/** The device once in the browser; 'other' in the server's answer and the first render. */
export function useDevice(): Device {
  const [device, setDevice] = useState<Device>('other');
  useEffect(() => setDevice(deviceOf(navigator.userAgent)), []);
  return device;
}

/** The device's own store link, or null where the device has none (a computer: the /app page). */
export function storeFor(device: Device, stores: { androidUrl: string; iosUrl: string }): string | null {
  if (device === 'android') return stores.androidUrl || null;
  if (device === 'ios') return stores.iosUrl || null;
  return null;
}
