// Runs before the first paint (loaded from index.html ahead of the CSS): applies the stored theme
// ('light' | 'dark' under localStorage 'theme'), else dark, whatever the OS prefers (dark by
// default; "System" is not stored, it only follows the OS while a page is open).
// web/lib/theme.ts keeps the same rule.
(function () {
  var theme = 'dark';
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
  } catch {
    // Storage blocked: keep the default.
  }
  var root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
