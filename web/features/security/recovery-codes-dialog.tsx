import { useState } from 'react';
import { Button } from '~/components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogTitle } from '~/components/ui/dialog';

/**
 * Ten recovery codes, shown once: the server keeps only their hashes. Copy or download them, then
 * close; nothing shows them again (new ones replace them all).
 */
export function RecoveryCodesDialog({ codes, onClose }: { codes: string[] | null; onClose: () => void }) {
  const [copied, setCopied] = useState(false);
  const text = codes?.join('\n') ?? '';
  function download() {
    const url = URL.createObjectURL(new Blob([`Meridian recovery codes (each works once)\n\n${text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'meridian-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  }
  return (
    <Dialog open={codes !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-md" data-testid="recovery-codes-dialog">
        <div className="grid gap-1">
          <DialogTitle>Save your recovery codes</DialogTitle>
          <DialogDescription>
            If you lose your device, each of these codes signs you in once. They are shown only now: keep them somewhere safe,
            away from your device.
          </DialogDescription>
        </div>
        <ol
          className="grid grid-cols-2 gap-x-6 gap-y-1 rounded-md border border-border bg-muted/40 p-3 font-mono text-sm"
          data-testid="recovery-codes"
        >
          {codes?.map((code) => (
            <li key={code} className="tabular-nums">
              {code}
            </li>
          ))}
        </ol>
        <DialogFooter className="flex-wrap">
          <Button
            variant="outline"
            onClick={() =>
              void navigator.clipboard?.writeText(text).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="outline" onClick={download}>
            Download
          </Button>
          <Button onClick={onClose} data-testid="recovery-codes-saved">
            I have saved them
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
