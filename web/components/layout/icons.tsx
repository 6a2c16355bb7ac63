import { Fragment, type ReactElement, type SVGProps } from 'react';

/** A few inline icons (no icon library: keeps the bundle small). */
export function Icon(props: SVGProps<SVGSVGElement>) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      {...props}
    />
  );
}

/** An icon from its shapes, drawn in order: path data (a string), or an element (a circle, a rect). */
function icon(...shapes: (string | ReactElement)[]) {
  const drawing = shapes.map((shape, i) =>
    typeof shape === 'string' ? <path key={i} d={shape} /> : <Fragment key={i}>{shape}</Fragment>,
  );
  return (props: SVGProps<SVGSVGElement>) => <Icon {...props}>{drawing}</Icon>;
}

export const ChevronDown = icon('m6 9 6 6 6-6');
export const MenuIcon = icon('M4 6h16M4 12h16M4 18h16');
export const LogOutIcon = icon('M9 21H5a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2h4M16 17l5-5-5-5M21 12H9');
export const ShieldIcon = icon('M12 22s8-4 8-10V5l-8-3-8 3v7c0 6 8 10 8 10Z');
export const BellIcon = icon('M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9', 'M10.3 21a1.94 1.94 0 0 0 3.4 0');
export const MoonIcon = icon('M12 3a6 6 0 0 0 9 9 9 9 0 1 1-9-9Z');
export const SearchIcon = icon(<circle cx="11" cy="11" r="7" />, 'm20 20-3.5-3.5');
export const ArrowRight = icon('M5 12h14M13 6l6 6-6 6');
export const LockIcon = icon(<rect x="4" y="11" width="16" height="10" rx="2" />, 'M8 11V7a4 4 0 0 1 8 0v4');
export const AlertTriangleIcon = icon(
  'M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0Z',
  'M12 9v4M12 17h.01',
);
export const PlusIcon = icon('M12 5v14M5 12h14');
export const PencilIcon = icon('M17 3a2.8 2.8 0 0 1 4 4L7.5 20.5 2 22l1.5-5.5Z');
export const TrashIcon = icon('M3 6h18M8 6V4a2 2 0 0 1 2-2h4a2 2 0 0 1 2 2v2M19 6l-1 14a2 2 0 0 1-2 2H8a2 2 0 0 1-2-2L5 6');
export const XIcon = icon('M18 6 6 18M6 6l12 12');
export const CheckIcon = icon('M20 6 9 17l-5-5');

export const SpeakerIcon = ({ muted, ...props }: SVGProps<SVGSVGElement> & { muted: boolean }) => (
  <Icon {...props}>
    <path d="M11 5 6 9H2v6h4l5 4V5z" />
    {muted ? <path d="m22 9-6 6M16 9l6 6" /> : <path d="M15.5 8.5a5 5 0 0 1 0 7M19 5a10 10 0 0 1 0 14" />}
  </Icon>
);
