-- The delivery promise reads each country's cut-offs on its own clocks (issue 77, decision 77's amendment
-- "each country's clock in the delivery loop"): a cut-off minute is minutes after the country's midnight,
-- no longer after the Gulf's (UTC+3). Kuwait and Saudi Arabia are UTC+3, so their minutes mean what they
-- meant. The Emirates' (UTC+4) were written on the Gulf clock, an hour behind Dubai (0091: 780 for 2 pm,
-- 660 for noon in Ramadan); an hour is added to every Emirates cut-off, the owner's own changes included,
-- so each keeps the instant it named: 2 pm Dubai is 840. (Between this migration and the release that
-- reads it, the running code would read 840 as 2 pm UTC+3, 3 pm in Dubai, for the minutes of the deploy.)
UPDATE delivery_rules
SET cutoff_minute = MIN(cutoff_minute + 60, 1439), ramadan_cutoff_minute = MIN(ramadan_cutoff_minute + 60, 1439)
WHERE country = 'AE';

UPDATE delivery_speeds
SET cutoff_minute = CASE WHEN cutoff_minute IS NULL THEN NULL ELSE MIN(cutoff_minute + 60, 1439) END,
  ramadan_cutoff_minute = CASE WHEN ramadan_cutoff_minute IS NULL THEN NULL ELSE MIN(ramadan_cutoff_minute + 60, 1439) END
WHERE country = 'AE';
