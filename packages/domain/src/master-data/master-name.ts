/** The longest name of a master-data record (group schedules, special contract terms…), in characters. */
export const MAX_MASTER_NAME = 100;
