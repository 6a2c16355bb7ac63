import { Button } from './button';

/** One row action: its verb as the text, `<verb> <label>` for screen readers, `<verb>-<testId>` for tests. */
function RowAction({
  verb,
  label,
  onClick,
  testId,
  className,
}: {
  verb: 'Edit' | 'Delete';
  label: string;
  onClick: () => void;
  testId?: string;
  className?: string;
}) {
  return (
    <Button
      size="xs"
      variant="ghost"
      className={className}
      onClick={onClick}
      aria-label={`${verb} ${label}`}
      data-testid={testId ? `${verb.toLowerCase()}-${testId}` : undefined}
    >
      {verb}
    </Button>
  );
}

/** "Edit" and "Delete" for a table row; either is left out when its handler is. */
export function RowActions({
  label,
  onEdit,
  onDelete,
  testId,
}: {
  label: string;
  onEdit?: () => void;
  onDelete?: () => void;
  testId?: string;
}) {
  return (
    <span className="flex justify-end gap-1">
      {onEdit ? <RowAction verb="Edit" label={label} onClick={onEdit} testId={testId} /> : null}
      {onDelete ? (
        <RowAction
          verb="Delete"
          label={label}
          onClick={onDelete}
          testId={testId}
          className="text-destructive hover:text-destructive"
        />
      ) : null}
    </span>
  );
}
