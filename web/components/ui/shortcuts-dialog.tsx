import { Dialog, DialogContent, DialogDescription, DialogTitle } from './dialog';

export interface Shortcut {
  keys: string[];
  label: string;
}

/** The help overlay of a page's keyboard shortcuts (docs/PRODUCT-RULES.md §9: opened with `?`). */
export function ShortcutsDialog({
  open,
  onOpenChange,
  shortcuts,
  description,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  shortcuts: readonly Shortcut[];
  description: string;
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
