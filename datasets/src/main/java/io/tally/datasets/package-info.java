package io.tally.datasets;
