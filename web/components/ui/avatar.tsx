import { Avatar as AvatarPrimitive } from 'radix-ui';
import { initials } from '~/lib/initials';
import { cn } from '~/lib/cn';

/** A round avatar: the image when there is one, the user's initials otherwise. */
export function UserAvatar({
  name,
  email,
  image,
  className,
}: {
  name?: string | null;
  email?: string | null;
  image?: string | null;
  className?: string;
}) {
  return (
    <AvatarPrimitive.Root className={cn('relative flex size-8 shrink-0 overflow-hidden rounded-full', className)}>
      {image ? <AvatarPrimitive.Image src={image} alt="" className="aspect-square size-full object-cover" /> : null}
      <AvatarPrimitive.Fallback
        delayMs={image ? 400 : undefined}
        className="flex size-full items-center justify-center rounded-full bg-primary/15 text-xs font-semibold text-primary"
        data-testid="user-initials"
      >
        {initials(name, email)}
      </AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
