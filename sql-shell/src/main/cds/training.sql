-- The training run behind target/tally.jsa (see pom.xml): the statements a fresh shell most
-- often runs first, so their classes come from the class-data-sharing archive. Keep it short
-- (it runs in every package) and on the built-in demo schema (no files needed).
SELECT 1;
SHOW TABLES;
SELECT id1, SUM(v1) AS s, AVG(v3) AS a FROM h2o GROUP BY id1 ORDER BY s DESC LIMIT 5;
SELECT id4, COUNT(*) AS n, MIN(v3) AS lo, MAX(v3) AS hi FROM h2o WHERE v1 > 1 GROUP BY id4 LIMIT 3;
SELECT l_returnflag, COUNT(*) AS n FROM lineitem GROUP BY l_returnflag;
EXPLAIN ANALYZE SELECT id2, SUM(v2) FROM h2o GROUP BY id2;
