import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

export function cn(...inputs: ClassValue[]): string {
  return twMerge(clsx(inputs));
}

// initials come from the name words, the same rule the contact file's structured name uses
export { initialsOf } from '@cardcraft/contracts/names';

/** "Profile "{name}" ..." style messages keep the name as typed */
export function publicProfilePath(handle: string): string {
  return `/u/${handle}`;
}
