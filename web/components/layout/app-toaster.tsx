import { Toaster } from 'sonner';
import { useTheme } from '~/lib/theme';

/**
 * Toasts (docs/PRODUCT-RULES.md §6): 3 visible, 4000 ms, gap 14 px, bottom-right, Alt+T, labelled containers.
 * Width 356 px, the 45 px swipe threshold and the 200 ms removal are sonner's own defaults.
 */
export function AppToaster() {
  const { resolved } = useTheme();
  return (
    <Toaster
      theme={resolved}
      position="bottom-right"
      visibleToasts={3}
      duration={4000}
      gap={14}
      hotkey={['altKey', 'KeyT']}
      containerAriaLabel="Notifications"
      closeButton
      toastOptions={{ closeButtonAriaLabel: 'Close toast' }}
    />
  );
}
