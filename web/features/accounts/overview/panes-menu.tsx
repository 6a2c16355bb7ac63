import { isPaneOn, PANES, type DashboardPrefs, type PaneId } from './panes';
import { ChevronDown } from '~/components/layout/icons';
import { Button } from '~/components/ui/button';
import {
  DropdownMenu,
  DropdownMenuCheckboxItem,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '~/components/ui/dropdown-menu';

/** "Panes" menu: one checkbox per pane; the menu stays open so several can be switched in a row. */
export function PanesMenu({
  prefs,
  onToggle,
  onReset,
}: {
  prefs: DashboardPrefs | undefined;
  onToggle: (id: PaneId, on: boolean) => void;
  onReset: () => void;
}) {
  const shown = prefs ? PANES.filter((pane) => isPaneOn(prefs, pane.id)).length : 0;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild disabled={!prefs}>
        <Button variant="outline" size="sm" data-testid="panes-menu">
          Panes
          <span className="tabular text-muted-foreground">
            {shown}/{PANES.length}
          </span>
          <ChevronDown />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-60">
        <DropdownMenuLabel>Show panes</DropdownMenuLabel>
        {prefs
          ? PANES.map((pane) => (
              <DropdownMenuCheckboxItem
                key={pane.id}
                checked={isPaneOn(prefs, pane.id)}
                onCheckedChange={(checked) => onToggle(pane.id, checked)}
                onSelect={(event) => event.preventDefault()}
                data-testid={`pane-toggle-${pane.id}`}
              >
                {pane.title}
              </DropdownMenuCheckboxItem>
            ))
          : null}
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onReset}>Reset to defaults</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
