/** "Buy" or "Sell" in its side's colour (buys: the orders tables' emerald unless `buyClassName` says otherwise). */
export function SideLabel({ side, buyClassName = 'text-emerald-500' }: { side: string; buyClassName?: string }) {
  return <span className={side === 'BUY' ? buyClassName : 'text-destructive'}>{side === 'BUY' ? 'Buy' : 'Sell'}</span>;
}
