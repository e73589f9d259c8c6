// The renderer's entry: the Svelte app, mounted into #app (the stylesheet is linked from index.html).
import { mount } from 'svelte';
import App from './App.svelte';

const target = document.getElementById('app');
if (target === null) throw new Error('index.html has no #app element');
mount(App, { target });
