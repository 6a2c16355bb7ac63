/** One chunk with everything only signed-in users see in the nav (see signed-in-chunks.ts). */
export { DesktopMenus } from './desktop-menus';
export { MobileNav } from './mobile-nav';
export { UserMenu } from './user-menu';
