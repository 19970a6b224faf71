export * from './catalog';
export * from './common';
export * from './messages';
export * from './newsletter';
export * from './reviews';
export * from './routes';
export * from './users';
export * from './vitals';
