// Placeholder page until the counting UI issue; it proves the renderer entry builds.
const root = document.getElementById('app');
if (root) root.textContent = 'Stockroom';
