interface DisposableChart {
  chartElement(): HTMLElement;
  remove(): void;
}

let parking: HTMLElement | null = null;

/**
 * Where left charts wait to be freed: `content-visibility: hidden` skips its contents' style and
 * layout, so nothing there is restyled, measured or reported to a ResizeObserver.
 */
function parkingLot() {
  if (!parking?.isConnected) {
    parking = document.createElement('div');
    parking.setAttribute('aria-hidden', 'true');
    parking.style.cssText = 'position:fixed;top:0;left:-100000px;width:0;height:0;content-visibility:hidden;contain:strict';
    document.body.append(parking);
  }
  return parking;
}

/**
 * Frees a chart in a task of its own: `remove()` clears and frees every canvas (≈ 7 ms for the risk
 * charts), which would otherwise land in the navigation away from the page.
 *
 * When the page was left, React has already taken the chart's container out of the document. Left
 * there, the chart's ResizeObservers (`autoSize`, and one per canvas) would see it shrink to nothing
 * in the next frame and repaint every canvas at 0 × 0 inside that frame (≈ 3 ms a chart, in the frame
 * that draws the next page). Parked where style and layout are skipped, they see no change. A chart
 * replaced on a page that stays (a theme change) just leaves it.
 */
export function disposeChart(chart: DisposableChart) {
  const element = chart.chartElement();
  const container = element.parentElement;
  if (container && !container.isConnected) {
    parkingLot().append(container);
    setTimeout(() => {
      chart.remove();
      container.remove();
    }, 0);
    return;
  }
  element.remove();
  setTimeout(() => chart.remove(), 0);
}
