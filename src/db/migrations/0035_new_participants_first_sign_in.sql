-- "New participants" per day now counts first sign-ins (users.first_sign_in_at, 0033), not users
-- rows: the points import adds rows for addresses that never signed in. The days already stored
-- were counted by created_at; dropping them makes the overview count them again the new way.
DELETE FROM console_daily WHERE metric = 'new_participants';
--> statement-breakpoint
DELETE FROM console_daily_days WHERE metric = 'new_participants';
