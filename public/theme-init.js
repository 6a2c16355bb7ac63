// Runs before the first paint (loaded from index.html ahead of the CSS): applies the stored theme
// ('light' | 'dark' under localStorage 'theme'); with none stored ("system") it follows the OS and
// falls back to dark when the OS states no preference. web/lib/theme.ts keeps the same rule.
(function () {
  var theme = 'dark';
  try {
    var stored = localStorage.getItem('theme');
    if (stored === 'light' || stored === 'dark') theme = stored;
    else if (window.matchMedia && window.matchMedia('(prefers-color-scheme: light)').matches) theme = 'light';
  } catch {
    // Storage blocked: keep the default.
  }
  var root = document.documentElement;
  root.classList.remove(theme === 'dark' ? 'light' : 'dark');
  root.classList.add(theme);
  root.style.colorScheme = theme;
})();
