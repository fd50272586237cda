import { configure } from '@testing-library/react';

// the web suites run beside the server's integration suites on a two-core machine: a screen that
// appears after a few renders and a resolved request may take longer than the library's default
// second there, without anything being wrong
configure({ asyncUtilTimeout: 5_000 });
