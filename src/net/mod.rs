pub mod timeseal;
