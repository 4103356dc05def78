export interface FunnelTables {
  /** Migration 031: arrivals per UTC day, step, building and campaign ('' for none). */
  funnel_days: {
    /** A calendar day 'YYYY-MM-DD' (db/database.ts reads dates as text). */
    day: string;
    step: string;
    building_code: string;
    campaign_id: string;
    arrivals: number;
  };
  /** Migration 031: each tab's arrival at each step, counted once; pruned by the retention sweep. */
  funnel_tabs: {
    tab_id: string;
    step: string;
    created_at: Date;
  };
}
