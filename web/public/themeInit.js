// Runs before the first paint: applies the stored theme (light, dark or system) to <html>.
(() => {
  var stored = null;
  try {
    stored = localStorage.getItem("pixlings_theme");
  } catch {}
  var theme = stored === "light" || stored === "dark" ? stored : "system";
  var dark = theme === "dark" || (theme === "system" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
})();
