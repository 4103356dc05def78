/**
 * The heading over the help links, wherever they are listed (footer, mail, order page). A module
 * of its own: every page's footer carries it, and it brings none of legal.ts into the first screen.
 */
export const HELP_LINKS_HEADING = 'Complaints and support';
