import { Dialog, DialogContent, DialogDescription, DialogTitle } from '~/components/ui/dialog';

/** The feed's keyboard shortcuts (PRODUCT.md §10: listed in a help overlay opened with `?`). */
export const FEED_SHORTCUTS: { keys: string[]; label: string }[] = [
  { keys: ['j', '↓'], label: 'Next headline' },
  { keys: ['k', '↑'], label: 'Previous headline' },
  { keys: ['g', 'Home'], label: 'First headline (newest)' },
  { keys: ['G', 'End'], label: 'Last loaded headline' },
  { keys: ['o', 'Enter'], label: 'Open the headline’s link in a new tab (or show its text)' },
  { keys: ['/'], label: 'Search headlines' },
  { keys: ['Esc'], label: 'Leave the search box, back to the list' },
  { keys: ['m'], label: 'Mute or unmute sounds in this browser' },
  { keys: ['?'], label: 'Show these shortcuts' },
];

export function ShortcutsDialog({
  open,
  onOpenChange,
  shortcuts = FEED_SHORTCUTS,
  description = 'Work the feed without the mouse. Shortcuts pause while you type in a field.',
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shortcuts?: { keys: string[]; label: string }[];
  description?: string;
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-md" data-testid="shortcuts-dialog">
        <div className="grid gap-1">
          <DialogTitle>Keyboard shortcuts</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </div>
        <dl className="grid grid-cols-[auto_1fr] items-center gap-x-4 gap-y-2 text-sm">
          {shortcuts.map((shortcut) => (
            <div key={shortcut.label} className="contents">
              <dt className="flex gap-1">
                {shortcut.keys.map((key) => (
                  <kbd
                    key={key}
                    className="inline-flex h-6 min-w-6 items-center justify-center rounded border border-border bg-muted px-1.5 font-mono text-xs"
                  >
                    {key}
                  </kbd>
                ))}
              </dt>
              <dd className="text-muted-foreground">{shortcut.label}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  );
}
